// Runs one Lighthouse navigation on a page the bench prepared, and writes its result (LHR) as JSON.
// A plain Node child, not tsx: tsx compiles Lighthouse with esbuild's keepNames, whose `__name`
// helper then leaks into the functions Lighthouse sends into the page ("__name is not defined").
// Usage: node lighthouseChild.mjs '{"browserWSEndpoint":…,"pageUrl":…,"url":…,"flags":{…},"out":…}'
import fs from 'node:fs';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer';

const job = JSON.parse(process.argv[2] ?? '{}');
const browser = await puppeteer.connect({ browserWSEndpoint: job.browserWSEndpoint, defaultViewport: null });
try {
  // The bench parks the prepared page on a unique about:blank#… address: that is how it is found here.
  const target = browser.targets().find((t) => t.type() === 'page' && t.url() === job.pageUrl);
  const page = await target?.page();
  if (!page)
    throw new Error(
      `no page at ${job.pageUrl} (pages: ${browser
        .targets()
        .map((t) => t.url())
        .join(', ')})`,
    );
  // Chrome's error page tells Lighthouse only that the load failed: say why, for the bench's report.
  page.on('requestfailed', (r) => {
    if (r.resourceType() === 'document') console.error(`document ${r.url()} failed: ${r.failure()?.errorText}`);
  });
  const result = await lighthouse(job.url, job.flags, undefined, page);
  if (!result) throw new Error('Lighthouse returned no result');
  fs.writeFileSync(job.out, JSON.stringify(result.lhr));
} finally {
  await browser.disconnect();
}
