import { PageHead } from '../../components/PageHead';
import { pageTitle } from '../../lib/pageHead';

/** The head of a console screen: its title, and never indexed. */
export function StudioHead({ title }: { title: string }) {
  return <PageHead title={pageTitle(`${title} · Studio`)} noindex />;
}
