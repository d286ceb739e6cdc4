// Words on the guest site's screens. Spec texts (toasts, titles) live in MESSAGES; these are the
// labels and hints around them, kept here so the screens never retype a word.

import { TAX_RATE_PERCENT } from './constants.js';
import { GUEST_TITLES } from './page-titles.js';
import type { Course } from './schemas/entities.js';

export const GUEST_TEXTS = {
  // QR scanning
  scanEntranceTitle: 'Scan Entrance QR Code',
  scanTableTitle: 'Scan Table QR Code',
  scanNoCamera:
    'Camera scanning is not available on this page yet. Scan the code with your phone camera, or continue to check-in.',
  scanVerifying: 'Verifying QR code...',
  skipToCheckin: 'Skip to Check-in',

  // Check-in
  checkinTitle: 'Guest Check-in',
  checkinSubtitle: 'Tell us about your party and we will find you a table.',
  checkinName: 'Name (required)',
  checkinPhone: 'Phone (optional)',
  checkinEmail: 'Email (optional)',
  checkinPartySize: 'Party size',
  checkinOccasion: 'Occasion',
  checkinAccessibility: 'Wheelchair accessible seating',
  checkinHighChair: 'High chair needed',
  checkinSubmit: 'Check In',
  checkinSubmitting: 'Checking in...',
  /** The venue id alone checks nobody in (issue 27); the cloud's refusal says the same. */
  checkinNeedsEntranceCode:
    'This link cannot check you in by itself. Please scan the QR code at the entrance or on your table.',
  checkinAtTable: 'Checking in at your table',
  /** The table and venue the QR code names (issue 22, item 12). */
  checkinAt: (table: string, venue: string | null) => `Checking in at ${table}${venue ? `, ${venue}` : ''}`,

  // Table confirmation
  tableConfirmed: GUEST_TITLES.tableConfirmed,
  yourTable: 'Your table',
  atVenue: (venue: string) => `at ${venue}`,
  toMenu: 'View Menu',
  loadingTable: 'Loading your table...',

  // Menu
  menuTitle: 'Menu',
  searchPlaceholder: 'Search dishes',
  allCategories: 'All',
  hideAllergens: 'Hide items containing',
  noItems: 'No dishes match your filters.',
  loadingMenu: 'Loading menu...',
  menuLoadFailed: 'Unable to load the menu. Please try again.',
  popular: 'Popular',
  quantity: 'Quantity',
  decrease: 'Decrease quantity',
  increase: 'Increase quantity',
  specialInstructions: 'Special instructions',
  course: 'Course',
  required: 'Required',
  noOption: 'None',
  contains: (allergens: string) => `Contains: ${allergens}`,
  itemUnavailable: 'No longer available',
  addToCart: 'Add to Cart',
  cancel: 'Cancel',
  close: 'Close',

  // Cart
  cartTitle: 'Your Order',
  openCart: (count: number) => `Cart (${count})`,
  cartEmpty: 'Your cart is empty.',
  remove: 'Remove',
  subtotal: 'Subtotal',
  tax: `Tax (${TAX_RATE_PERCENT}%)`,
  total: 'Total',
  placeOrder: 'Place Order',
  placingOrder: 'Placing order...',
  noSession: 'Check in first to order.',

  // Order status
  orderStatusTitle: 'Your Order',
  orderPlaced: 'Order placed',
  orderNotFound: GUEST_TITLES.orderNotFound,
  orderNotFoundHint: 'We could not find an order for this visit yet.',
  firesAt: (time: string) => `Fires at ${time}`,
  orderMore: 'Order More',
  liveOffline: 'Live updates paused. Reconnecting...',

  // Not found, and no dining session on this phone (issue 22, item 12)
  backToCheckin: 'Go to Check-in',
  scanQrCode: 'Scan QR Code',
  noSessionMenu: 'Check in to see the menu and order: scan the QR code on your table, or check in here.',
  noSessionExit:
    "There is no dining session on this phone, so there is nothing to check out. Scan your table's QR code to rejoin your party, or please see staff.",

  // The bill, one tap away wherever a seated guest is (issue 22, item 3)
  viewBill: 'View bill and pay',

  // After the exit ('Exit Restaurant', /guest)
  thankYou: 'Thank you for dining with us!',
  comeBack: 'To dine with us again, scan the QR code on your table or check in.',

  // Toasts
  dismiss: 'Dismiss',
  notifications: (hotkey: string) => `Notifications (${hotkey})`,
} as const;

export const COURSE_LABELS: Record<Course, string> = {
  appetizer: 'Appetizer',
  main: 'Main',
  dessert: 'Dessert',
  drink: 'Drink',
};

export const DIETARY_FILTERS = ['vegetarian', 'vegan', 'glutenFree', 'spicy'] as const;
export type DietaryFilter = (typeof DIETARY_FILTERS)[number];
export const DIETARY_LABELS: Record<DietaryFilter, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  glutenFree: 'Gluten-Free',
  spicy: 'Spicy',
};
