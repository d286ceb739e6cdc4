// The screens this build of the staff app has. The sidebar shows the registry features whose
// paths appear here, so a group with no screens stays hidden.
import { GUEST_PRIVACY_PATH, SETUP_CHECKLIST_PATH } from '@tablewise/shared';
import { lazy, type ReactNode, Suspense } from 'react';
import { OrganizationsScreen } from '../features/admin/components/organizations-screen.js';
import { RestaurantsScreen } from '../features/admin/components/restaurants-screen.js';
import { VenuesScreen } from '../features/admin/components/venues-screen.js';
import { CleanerConsoleScreen } from '../features/cleaner-console/components/cleaner-console-screen.js';
import { DashboardScreen } from '../features/dashboard/components/dashboard-screen.js';
import { FloorMapScreen } from '../features/floor-map/components/floor-map-screen.js';
import { GuestPrivacyScreen } from '../features/guest-privacy/components/guest-privacy-screen.js';
import { HostConsoleScreen } from '../features/host-console/components/host-console-screen.js';
import { KitchenDisplay } from '../features/kitchen-display/components/kitchen-display.js';
import { MenuManagementScreen } from '../features/menu-management/components/menu-management-screen.js';
import { MenuOrdersScreen } from '../features/menu-orders/components/menu-orders-screen.js';
import { PaymentsScreen } from '../features/payments/components/payments-screen.js';
import { PrinterManagementScreen } from '../features/printer-management/components/printer-management-screen.js';
import { ReservationsScreen } from '../features/reservations/components/reservations-screen.js';
import { RunnerInterface } from '../features/runner-interface/components/runner-interface.js';
import { SetupChecklistScreen } from '../features/setup/components/setup-checklist-screen.js';
import { StaffScreen } from '../features/staff/components/staff-screen.js';
import { WaitlistScreen } from '../features/waitlist/components/waitlist-screen.js';

// Loaded when first opened: the chart library comes with it, never with the screens on the floor.
const AnalyticsScreen = lazy(() =>
  import('../features/analytics/components/analytics-screen.js').then((m) => ({ default: m.AnalyticsScreen })),
);

export interface Screen {
  path: string;
  element: ReactNode;
}

export const SCREENS: readonly Screen[] = [
  { path: '/waitlist', element: <WaitlistScreen /> },
  { path: '/kitchen-display', element: <KitchenDisplay /> },
  { path: '/', element: <DashboardScreen /> },
  { path: '/reservations', element: <ReservationsScreen /> },
  { path: '/host-console', element: <HostConsoleScreen /> },
  { path: '/printer-management', element: <PrinterManagementScreen /> },
  { path: '/cleaner-console', element: <CleanerConsoleScreen /> },
  { path: '/menu-orders', element: <MenuOrdersScreen /> },
  { path: '/menu-management', element: <MenuManagementScreen /> },
  { path: '/runner-interface', element: <RunnerInterface /> },
  { path: '/payments', element: <PaymentsScreen /> },
  { path: '/staff', element: <StaffScreen /> },
  { path: '/floor-map', element: <FloorMapScreen /> },
  { path: '/admin/organizations', element: <OrganizationsScreen /> },
  { path: '/admin/venues', element: <VenuesScreen /> },
  { path: '/admin/restaurants', element: <RestaurantsScreen /> },
  { path: SETUP_CHECKLIST_PATH, element: <SetupChecklistScreen /> },
  { path: GUEST_PRIVACY_PATH, element: <GuestPrivacyScreen /> },
  {
    path: '/analytics',
    element: (
      <Suspense fallback={null}>
        <AnalyticsScreen />
      </Suspense>
    ),
  },
];

/** The home screen: the dashboard (spec 1 section 2's '/'). */
export const HOME_PATH = '/';
