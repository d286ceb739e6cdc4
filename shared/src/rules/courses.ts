// Course fire times (spec 3 section 9): a drink fires at once, the first non-drink course five
// minutes after ordering, a main twenty minutes after the appetizer and a dessert thirty minutes
// after the course before it.
import { COURSE_TIMING } from '../constants.js';
import type { Course } from '../schemas/entities.js';

const FOOD_ORDER: readonly Course[] = ['appetizer', 'main', 'dessert'];

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
