import { ExperiencePage, experienceServerData } from './CategoryPage';

export const serverData = experienceServerData;
export default ExperiencePage;
