import { describe, expect, it } from 'vitest';
import { allowedFileType, courseInputSchema, formatAmount, fromMinorUnits, toMinorUnits } from './courses.js';

describe('allowedFileType', () => {
  it.each([
    ['book.pdf', 'application/pdf', 'application/pdf'],
    ['Photo.JPG', 'image/jpeg', 'image/jpeg'],
    [
      'slides.pptx',
      'application/octet-stream',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    ['list.csv', 'application/vnd.ms-excel', 'text/csv'],
    ['notes.txt', 'text/plain; charset=utf-8', 'text/plain'],
    ['archive.zip', '', 'application/zip'],
  ])('keeps %s declared as %j, storing %s', (name, declared, stored) => {
    expect(allowedFileType(name, declared)).toBe(stored);
  });

  it.each([
    ['setup.exe', 'application/x-msdownload'],
    ['page.html', 'text/html'],
    ['icon.svg', 'image/svg+xml'],
    ['README', 'text/plain'],
    ['fake.pdf', 'text/html'],
    ['photo.png', 'image/jpeg'],
  ])('refuses %s declared as %s', (name, declared) => {
    expect(allowedFileType(name, declared)).toBeNull();
  });
});

describe('money of course prices', () => {
  it('keeps UZS in whole sum and KZT in tiyn', () => {
    expect(toMinorUnits(450_000, 'UZS')).toBe(450_000);
    expect(toMinorUnits(25_000.5, 'KZT')).toBe(2_500_050);
    expect(fromMinorUnits(2_500_050, 'KZT')).toBe(25_000.5);
  });

  it('groups thousands with spaces (spec §5)', () => {
    expect(formatAmount(1_250_000, 'UZS')).toBe('1 250 000');
    expect(formatAmount(1_250_050, 'EUR')).toBe('12 500.50');
    expect(formatAmount(-999, 'UZS')).toBe('-999');
    expect(formatAmount(2_000_000, 'KZT')).toBe('20 000');
  });
});

describe('courseInputSchema', () => {
  const course = { name: 'English', code: 'ENG-B1', price: 0, lesson_duration: 90 };
  it('takes a short code of letters, digits and - _ .', () => {
    expect(courseInputSchema.safeParse({ ...course, code: 'Oʻzb-1' }).success).toBe(true);
    expect(courseInputSchema.safeParse({ ...course, code: 'ENG B1' }).success).toBe(false);
  });
  it('treats optional numbers as absent when null', () => {
    const parsed = courseInputSchema.parse({ ...course, course_duration: null, parent_id: null });
    expect(parsed.course_duration).toBeNull();
  });
});
