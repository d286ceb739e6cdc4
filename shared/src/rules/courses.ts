// Courses (spec 3 sections 3 and 9): the course a dish defaults to from its menu category (issue
// 22), and when each course fires: a drink at once, the first non-drink course five minutes after
// ordering, a main twenty minutes after the appetizer and a dessert thirty minutes after the
// course before it.
import { COURSE_TIMING } from '../constants.js';
import type { Course } from '../schemas/entities.js';

const FOOD_ORDER: readonly Course[] = ['appetizer', 'main', 'dessert'];

/**
 * Words of a menu category that name its course, looked for in this order (so 'Dessert wines' are
 * drinks and 'Bar snacks' starters). 'Bar' alone is left out: it names a place, not a course.
 */
const CATEGORY_COURSES: readonly [Course, RegExp][] = [
  [
    'drink',
    /\b(drinks?|beverages?|cocktails?|mocktails?|wines?|beers?|ales?|ciders?|spirits|coffees?|teas?|juices?|sodas?|smoothies?|(milk)?shakes?|lemonades?)\b/,
  ],
  ['dessert', /\b(desserts?|sweets?|puddings?|cakes?|pastry|pastries|ice creams?|gelato)\b/],
  ['appetizer', /\b(appeti[sz]ers?|starters?|small plates?|snacks?|tapas|antipasti|mezzes?|soups?|salads?)\b/],
];

/**
 * The course a dish is served as unless the guest or staff choose another: the one its menu
 * category names (Drinks, Starters, Appetizers, Desserts...), else the spec's default, main
 * (spec 3 section 9).
 */
export function courseForCategory(category: string): Course {
  const words = category.toLowerCase();
  for (const [course, pattern] of CATEGORY_COURSES) if (pattern.test(words)) return course;
  return COURSE_TIMING.defaultCourse;
}

function gapBeforeMs(course: Course): number {
  switch (course) {
    case 'main':
      return COURSE_TIMING.appetizerToMainMs;
    case 'dessert':
      return COURSE_TIMING.mainToDessertMs;
    case 'appetizer':
    case 'drink':
      return 0;
    default: {
      const never: never = course;
      throw new Error(`Unknown course ${String(never)}`);
    }
  }
}

/** When each course present in an order fires, given the time the order was placed. */
export function courseFireTimes(courses: Iterable<Course>, orderedAt: Date): Map<Course, Date> {
  const present = new Set(courses);
  const times = new Map<Course, Date>();
  if (present.has('drink')) times.set('drink', new Date(orderedAt.getTime()));
  let previous: number | null = null;
  for (const course of FOOD_ORDER) {
    if (!present.has(course)) continue;
    const at: number =
      previous === null ? orderedAt.getTime() + COURSE_TIMING.firstCourseDelayMs : previous + gapBeforeMs(course);
    times.set(course, new Date(at));
    previous = at;
  }
  return times;
}

/** Whether an item whose course fires at `fireAt` has fired by `now`. */
export function hasFired(fireAt: Date, now: Date): boolean {
  return fireAt.getTime() <= now.getTime();
}
