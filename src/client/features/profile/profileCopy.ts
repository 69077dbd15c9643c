/** Words of the profile page and its edit form (docs/behaviour.md §2 "Profile"), word for word. */
export const PROFILE_COPY = {
  title: 'Your Profile',
  editProfile: 'Edit Profile',
} as const;
