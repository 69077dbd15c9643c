import type { Executor } from './db/executor';
import { authRepositories } from './modules/auth/repositories';
import { cartRepositories } from './modules/cart/repositories';
import { identityRepositories } from './modules/identity/repositories';
import { mailRepositories } from './modules/mail/repositories';
import { settingsRepositories } from './modules/settings/repositories';
import { newsletterRepositories } from './modules/newsletter/repositories';
import { orderRepositories } from './modules/orders/repositories';
import { organizerRepositories } from './modules/organizers/repositories';
import { eventAdminRepositories } from './modules/eventAdmin/repositories';
import { couponAdminRepositories } from './modules/couponAdmin/repositories';
import { controlRoomRepositories } from './modules/live/controlRoomRepositories';
import { paymentRepositories } from './modules/payments/repositories';
import { salesRepositories } from './modules/sales/repositories';
import { streamRepositories } from './modules/streams/repositories';
import { waitlistRepositories } from './modules/waitlist/repositories';
import { guaranteeRepositories } from './modules/guarantee/repositories';
import { calendarRepositories } from './modules/calendar/repositories';
import { receiptRepositories } from './modules/receipts/repositories';

/**
 * Every module's repositories, built over one handle: the shared database, or one transaction of
 * the unit of work (db/unitOfWork.ts, which knows no module). Each module says what it registers
 * (modules/<name>/repositories.ts); services.ts builds the unit of work over this, and each service
 * types only the repositories it uses.
 */
export function createRepositories(db: Executor) {
  return {
    ...identityRepositories(db),
    ...authRepositories(db),
    ...cartRepositories(db),
    ...orderRepositories(db),
    ...paymentRepositories(db),
    ...settingsRepositories(db),
    ...newsletterRepositories(db),
    ...mailRepositories(db),
    ...streamRepositories(db),
    ...organizerRepositories(db),
    ...eventAdminRepositories(db),
    ...couponAdminRepositories(db),
    ...controlRoomRepositories(db),
    ...salesRepositories(db),
    ...waitlistRepositories(db),
    ...guaranteeRepositories(db),
    ...calendarRepositories(db),
    ...receiptRepositories(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
