import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { GuestHomePage } from './GuestHomePage.js';
import { NotFoundPage } from './NotFoundPage.js';
import { PhoneGate } from './PhoneGate.js';

// Each page is its own chunk, loaded when its route is first shown: a guest who scans a QR code
// downloads the scan and check-in pages, not the menu and order screens (issue 8, P6).
const ScanPage = lazy(() => import('../features/scan/components/ScanPage.js').then((m) => ({ default: m.ScanPage })));
const CheckinPage = lazy(() =>
  import('../features/checkin/components/CheckinPage.js').then((m) => ({ default: m.CheckinPage })),
);
const TableConfirmationPage = lazy(() =>
  import('../features/table-confirmation/components/TableConfirmationPage.js').then((m) => ({
    default: m.TableConfirmationPage,
  })),
);
const MenuPage = lazy(() => import('../features/menu/components/MenuPage.js').then((m) => ({ default: m.MenuPage })));
const OrderStatusPage = lazy(() =>
  import('../features/order-status/components/OrderStatusPage.js').then((m) => ({ default: m.OrderStatusPage })),
);

const SeatSelectionPage = lazy(() =>
  import('../features/seat-selection/components/SeatSelectionPage.js').then((m) => ({ default: m.SeatSelectionPage })),
);
const WaitlistStatusPage = lazy(() =>
  import('../features/waitlist/components/WaitlistStatusPage.js').then((m) => ({ default: m.WaitlistStatusPage })),
);

const PaymentPage = lazy(() =>
  import('../features/payment/components/PaymentPage.js').then((m) => ({ default: m.PaymentPage })),
);
const ExitPage = lazy(() => import('../features/exit/components/ExitPage.js').then((m) => ({ default: m.ExitPage })));

const page = (element: React.ReactNode) => <Suspense fallback={null}>{element}</Suspense>;

/** The guest site's routes, inside a BrowserRouter (App) or the build's StaticRouter (prerender).
 * Declarative routing: the site uses no loaders or actions, and the data router's code would be
 * most of the router's weight on the first page. */
export function GuestRoutes() {
  return (
    <Routes>
      <Route path="/qr" element={page(<ScanPage mode="entrance" />)} />
      <Route path="/guest" element={<GuestHomePage />} />
      <Route path="/guest/scan" element={page(<ScanPage mode="entrance" />)} />
      <Route path="/qr/table" element={page(<ScanPage mode="table" />)} />
      <Route path="/guest/scan-table" element={page(<ScanPage mode="table" />)} />
      <Route path="/guest/checkin" element={page(<CheckinPage />)} />
      {/* A phone that joined a seated party waits at the gate until it is let in (issue 27). */}
      <Route
        path="/guest/table-confirmation"
        element={page(
          <PhoneGate>
            <TableConfirmationPage />
          </PhoneGate>,
        )}
      />
      <Route
        path="/guest/menu"
        element={page(
          <PhoneGate>
            <MenuPage />
          </PhoneGate>,
        )}
      />
      <Route
        path="/guest/order-status"
        element={page(
          <PhoneGate>
            <OrderStatusPage />
          </PhoneGate>,
        )}
      />
      <Route path="/guest/seat-selection" element={page(<SeatSelectionPage />)} />
      <Route path="/guest/waitlist" element={page(<WaitlistStatusPage />)} />
      <Route path="/guest/payment" element={page(<PaymentPage />)} />
      <Route path="/guest/exit" element={page(<ExitPage />)} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
