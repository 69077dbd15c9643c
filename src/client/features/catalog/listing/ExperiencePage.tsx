import { ExperiencePage, experienceServerData } from './CategoryPage';

/** @public read by the router from the lazily loaded page module (app/router.tsx). */
export const serverData = experienceServerData;
export default ExperiencePage;
