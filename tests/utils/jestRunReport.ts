import fs from 'node:fs';
import path from 'node:path';

/**
 * What `npm test` prints about one jest run from its `--json` report. CI keeps only the start and the
 * end of a long log, so the summary at the end carries what a failure needs: which tests failed and
 * the first lines of why, and where the time went (the slowest files).
 */
type JestJson = {
  numPassedTests: number;
  numFailedTests: number;
  numRuntimeErrorTestSuites: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    message: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
};

export type JestRunReport = {
  passed: number;
  failed: number;
  /** One line per failed test (or file that could not run), with the first lines of its error. */
  failures: string[];
  /** The slowest files, slowest first: "name 12.3 s". */
  slowest: string[];
};

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The first `lines` non-empty lines of an error, without colours, each cut to 200 characters. */
function firstLines(message: string, lines = 4): string {
  return message
    .replace(ANSI, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('at '))
    .slice(0, lines)
    .map((l) => (l.length > 200 ? `${l.slice(0, 200)}…` : l))
    .join(' ⏎ ');
}

export function readJestRunReport(file: string, root: string): JestRunReport {
  let json: JestJson;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8')) as JestJson;
  } catch {
    return { passed: 0, failed: 1, failures: [`no report at ${file}: jest did not finish`], slowest: [] };
  }
  const failures: string[] = [];
  for (const suite of json.testResults) {
    const name = path.relative(root, suite.name);
    const failedTests = suite.assertionResults.filter((a) => a.status === 'failed');
    for (const t of failedTests) failures.push(`${name} › ${t.fullName}: ${firstLines(t.failureMessages[0] ?? '')}`);
    if (failedTests.length === 0 && suite.message) failures.push(`${name}: ${firstLines(suite.message)}`);
  }
  const slowest = [...json.testResults]
    .sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime))
    .slice(0, 3)
    .map((s) => `${path.relative(root, s.name)} ${((s.endTime - s.startTime) / 1000).toFixed(1)} s`);
  return {
    passed: json.numPassedTests,
    failed: json.numFailedTests + json.numRuntimeErrorTestSuites,
    failures,
    slowest,
  };
}
