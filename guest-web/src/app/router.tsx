import { createBrowserRouter } from 'react-router-dom';
import { CheckinPage } from '../features/checkin/components/CheckinPage.js';
import { MenuPage } from '../features/menu/components/MenuPage.js';
import { OrderStatusPage } from '../features/order-status/components/OrderStatusPage.js';
import { ScanPage } from '../features/scan/components/ScanPage.js';
import { TableConfirmationPage } from '../features/table-confirmation/components/TableConfirmationPage.js';
import { NotFoundPage } from './NotFoundPage.js';

export function createGuestRouter() {
  return createBrowserRouter([
    { path: '/qr', element: <ScanPage mode="entrance" /> },
    { path: '/guest/scan', element: <ScanPage mode="entrance" /> },
    { path: '/qr/table', element: <ScanPage mode="table" /> },
    { path: '/guest/scan-table', element: <ScanPage mode="table" /> },
    { path: '/guest/checkin', element: <CheckinPage /> },
    { path: '/guest/table-confirmation', element: <TableConfirmationPage /> },
    { path: '/guest/menu', element: <MenuPage /> },
    { path: '/guest/order-status', element: <OrderStatusPage /> },
    { path: '*', element: <NotFoundPage /> },
  ]);
}
