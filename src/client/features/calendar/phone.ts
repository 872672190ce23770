/** Widths where the calendar reads as on a phone (Tailwind's below-`sm`; calendar.css uses the same). */
export const PHONE = '(max-width: 639px)';
