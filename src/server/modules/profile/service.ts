import type { Profile } from '../../../shared/contract/identity';
import type { UnitOfWork } from '../../db/unitOfWork';
import { NotFound } from '../../platform/domainErrors';
import type { IdentityRepositories } from '../identity/repositories';
import type { UserRow } from '../identity/identityRepository';

const toProfile = (u: UserRow): Profile => ({
  userId: u.id,
  firstName: u.first_name,
  lastName: u.last_name,
  emailId: u.email,
});

/** A user's own profile: read, and the names changed (the e-mail never is). */
export function createProfileService({ uow }: { uow: UnitOfWork<IdentityRepositories> }) {
  return {
    async get(userId: number): Promise<Profile> {
      const user = await uow.repos.identity.userById(userId);
      if (!user) throw new NotFound('No such user');
      return toProfile(user);
    },
    async rename(userId: number, firstName: string, lastName: string): Promise<Profile> {
      return toProfile(
        await uow.repos.identity.updateUser(userId, { first_name: firstName.trim(), last_name: lastName.trim() }),
      );
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
