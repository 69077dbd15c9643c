/**
 * `npm run commits` (part of `npm run lint`): every commit since the rule began (RULE_STARTS_AT) has a
 * subject of at most 72 characters, so `git log --oneline` and e-mail patches keep it on one line,
 * and a body that says why. Earlier history is left as it was written. Merge commits are skipped.
 */
import { execFileSync } from 'node:child_process';

/** The first commit written under the rule (Prettier's reformat); its parent and older are exempt. */
const RULE_STARTS_AT = '54923ea7d6f984691eb25a7e6892fc84fa71c2f4';
const MAX_SUBJECT = 72;

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' });

export type CommitMessage = { hash: string; subject: string; body: string };

/** What is wrong with one commit's message, or an empty list. */
export function messageProblems({ subject, body }: CommitMessage): string[] {
  const problems: string[] = [];
  if (subject.length > MAX_SUBJECT) problems.push(`subject is ${subject.length} characters (at most ${MAX_SUBJECT})`);
  if (body.trim() === '') problems.push('no body: say why the change was made');
  return problems;
}

function main() {
  try {
    git('cat-file', '-e', `${RULE_STARTS_AT}^{commit}`);
  } catch {
    console.error(`commit messages: ${RULE_STARTS_AT} is not in this clone (shallow?); fetch the full history`);
    process.exit(1);
  }
  const log = git('log', '--no-merges', '--format=%H%x1f%s%x1f%b%x1e', `${RULE_STARTS_AT}^..HEAD`);
  const commits = log
    .split('\x1e')
    .map((entry) => entry.replace(/^\n/, ''))
    .filter((entry) => entry.trim() !== '')
    .map((entry) => {
      const [hash = '', subject = '', body = ''] = entry.split('\x1f');
      return { hash, subject, body };
    });
  let failed = 0;
  for (const commit of commits) {
    const problems = messageProblems(commit);
    if (problems.length === 0) continue;
    failed += 1;
    console.error(`${commit.hash.slice(0, 9)} «${commit.subject}»: ${problems.join('; ')}`);
  }
  console.log(
    `commit messages: ${commits.length - failed} of ${commits.length} since ${RULE_STARTS_AT.slice(0, 9)} pass`,
  );
  if (failed > 0) process.exit(1);
}

if (require.main === module) main();
