import { messageProblems } from '../../scripts/checkCommitMessages';

describe('commit messages (npm run commits)', () => {
  const body = 'Why: the reader of git log learns the reason here.';

  it('passes a subject of 72 characters with a body', () => {
    expect(messageProblems({ hash: 'a', subject: 'x'.repeat(72), body })).toEqual([]);
  });

  it('refuses a longer subject, and a message without a body', () => {
    expect(messageProblems({ hash: 'a', subject: 'x'.repeat(73), body })).toEqual([
      'subject is 73 characters (at most 72)',
    ]);
    expect(messageProblems({ hash: 'a', subject: 'Fix the cart', body: ' \n' })).toEqual([
      'no body: say why the change was made',
    ]);
  });
});
