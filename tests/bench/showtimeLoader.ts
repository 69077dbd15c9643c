import { emptyStats, runViewer, type ViewerPlan } from './showtimeViewer';

/**
 * A load process of bench:showtime (forked, so the herd's HTTP work spreads over the machine's
 * cores): runs the viewers it is given, then sends back their figures.
 */
process.once('message', (plans: ViewerPlan[]) => {
  const stats = emptyStats();
  void Promise.all(plans.map((plan) => runViewer(plan, stats))).then(() => {
    process.send!(stats, () => process.exit(0));
  });
});
