import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { HeadData } from '../lib/pageHead';
import { pageTitle } from '../lib/pageHead';
import { AreaLoading } from './components/AreaLoading';
import { StudioShell } from './shell/StudioShell';
import { StudioNotFound } from './shell/StudioNotFound';

// Each area is a chunk of its own: the Data Grid, the charts and the editor load where they are used.
const EventsPage = lazy(() => import(/* webpackChunkName: "studio-events" */ './events/EventsPage'));
const EventEditorPage = lazy(() => import(/* webpackChunkName: "studio-editor" */ './events/editor/EventEditorPage'));
const SalesPage = lazy(() => import(/* webpackChunkName: "studio-sales" */ './sales/SalesPage'));
const OrdersPage = lazy(() => import(/* webpackChunkName: "studio-orders" */ './orders/OrdersPage'));
const OrderDetailPage = lazy(() => import(/* webpackChunkName: "studio-orders" */ './orders/OrderDetailPage'));
const CouponsPage = lazy(() => import(/* webpackChunkName: "studio-coupons" */ './coupons/CouponsPage'));
const NewCouponPage = lazy(() => import(/* webpackChunkName: "studio-coupons" */ './coupons/NewCouponPage'));
const CouponPage = lazy(() => import(/* webpackChunkName: "studio-coupons" */ './coupons/CouponPage'));
const LivePage = lazy(() => import(/* webpackChunkName: "studio-live" */ './live/LivePage'));
const GuaranteesPage = lazy(() => import(/* webpackChunkName: "studio-guarantees" */ './guarantees/GuaranteesPage'));
const AuditPage = lazy(() => import(/* webpackChunkName: "studio-audit" */ './audit/AuditPage'));

/** The head the server sends with /studio (the console is drawn in the browser, for organizers only). */
/** @public read by the router from the lazily loaded page module (app/router.tsx). */
export const head: HeadData = { title: pageTitle('Studio'), noindex: true };

/** The organizer's console at /studio: its frame and gate, and its screens' routes. */
export default function StudioPage() {
  return (
    <StudioShell>
      <Suspense fallback={<AreaLoading />}>
        <Routes>
          <Route index element={<Navigate to="events" replace />} />
          <Route path="events" element={<EventsPage />} />
          <Route path="events/new" element={<EventEditorPage />} />
          <Route path="events/:eventId" element={<EventEditorPage />} />
          <Route path="sales" element={<SalesPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="orders/:orderId" element={<OrderDetailPage />} />
          <Route path="events/:eventId/live" element={<LivePage />} />
          <Route path="events/:eventId/guarantees" element={<GuaranteesPage />} />
          <Route path="coupons" element={<CouponsPage />} />
          <Route path="coupons/new" element={<NewCouponPage />} />
          <Route path="coupons/:code" element={<CouponPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="*" element={<StudioNotFound />} />
        </Routes>
      </Suspense>
    </StudioShell>
  );
}
