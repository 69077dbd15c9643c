import { NotFound } from './domainErrors';

/**
 * The 404 for an event that is not there, or not there for this caller (a draft): the catalog, the
 * streams and the live show answer it in the same words.
 */
export const eventNotFound = (key: string | number): NotFound => new NotFound(`No event "${key}"`);
