// How the Ventes tab names months: 'YYYY-MM' as 'novembre 2026' or 'nov.'.
const longMonth = new Intl.DateTimeFormat('fr-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const narrowMonth = new Intl.DateTimeFormat('fr-CA', { month: 'narrow', timeZone: 'UTC' });
const shortMonth = new Intl.DateTimeFormat('fr-CA', { month: 'short', timeZone: 'UTC' });

const middleOf = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 15));
};

export const monthLabel = (month: string) => longMonth.format(middleOf(month));
export const shortMonthLabel = (month: string) => shortMonth.format(middleOf(month));
export const narrowMonthLabel = (month: string) => narrowMonth.format(middleOf(month)).toUpperCase();
