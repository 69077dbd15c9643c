import type { NewsletterRepository } from './newsletterRepository';

/** The newsletter's list: an address signed up once, whoever asks again. */
export function createNewsletterService(repo: NewsletterRepository) {
  return {
    /** Stores an address once; the answer is the same either way (the list is nobody's business). */
    async subscribe(email: string, ip: string | null): Promise<void> {
      await repo.addSignup(email.trim().toLowerCase(), ip);
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
