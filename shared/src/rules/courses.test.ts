import { describe, expect, it } from 'vitest';
import { COURSE_TIMING } from '../constants.js';
import type { Course } from '../schemas/entities.js';
import { courseFireTimes, courseForCategory, hasFired } from './courses.js';

const orderedAt = new Date('2025-01-01T19:00:00.000Z');
const plus = (minutes: number) => new Date(orderedAt.getTime() + minutes * 60_000).toISOString();

describe('course fire times (spec 3 section 9)', () => {
  it.each<[Course[], Partial<Record<Course, string>>]>([
    [['drink'], { drink: plus(0) }],
    [['main'], { main: plus(5) }],
    [
      ['appetizer', 'main', 'dessert', 'drink'],
      { drink: plus(0), appetizer: plus(5), main: plus(25), dessert: plus(55) },
    ],
    [['main', 'dessert'], { main: plus(5), dessert: plus(35) }],
    [['appetizer', 'dessert'], { appetizer: plus(5), dessert: plus(35) }],
    [['dessert'], { dessert: plus(5) }],
    [['appetizer', 'appetizer', 'main'], { appetizer: plus(5), main: plus(25) }],
  ])('%j', (courses, expected) => {
    const times = Object.fromEntries([...courseFireTimes(courses, orderedAt)].map(([c, d]) => [c, d.toISOString()]));
    expect(times).toEqual(expected);
  });

  it('the default course is main', () => expect(COURSE_TIMING.defaultCourse).toBe('main'));

  it('fired at or after its time', () => {
    const fireAt = new Date(plus(5));
    expect(hasFired(fireAt, new Date(plus(4.99)))).toBe(false);
    expect(hasFired(fireAt, fireAt)).toBe(true);
  });
});

describe('the course a dish defaults to from its menu category (issue 22)', () => {
  it.each<[string, Course]>([
    // The demo venue's categories.
    ['Starters', 'appetizer'],
    ['Mains', 'main'],
    ['Desserts', 'dessert'],
    ['Drinks', 'drink'],
    // Other menus' words, in any case.
    ['Appetizers', 'appetizer'],
    ['appetiser', 'appetizer'],
    ['Small Plates', 'appetizer'],
    ['Soups & Salads', 'appetizer'],
    ['Bar Snacks', 'appetizer'],
    ['Hot Drinks', 'drink'],
    ['COCKTAILS', 'drink'],
    ['Wine list', 'drink'],
    ['Dessert Wines', 'drink'],
    ['Coffee & Tea', 'drink'],
    ['Milkshakes', 'drink'],
    ['Sweets', 'dessert'],
    ['Ice Cream', 'dessert'],
    // Nothing that names a course: the spec's default, main.
    ['Burgers', 'main'],
    ['Entrées', 'main'],
    ['Bar', 'main'],
    ['Barbecue', 'main'],
    ['Teriyaki', 'main'],
    ['Pasta', 'main'],
    ['', 'main'],
  ])('%j is served as %s', (category, course) => expect(courseForCategory(category)).toBe(course));
});
