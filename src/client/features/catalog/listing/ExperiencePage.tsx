import { ExperiencePage } from './CategoryPage';

export default ExperiencePage;
