import type { Executor } from '../../db/executor';
import { createCalendarRepository } from './calendarRepository';

/** The calendar module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const calendarRepositories = (db: Executor) => ({ calendar: createCalendarRepository(db) });
export type CalendarRepositories = ReturnType<typeof calendarRepositories>;
