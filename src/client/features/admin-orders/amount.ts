// An amount typed by the admin ('12,50', '12.5', '12 $') in cents, or the French reason it is not one.

export type ParsedAmount = { cents: number; error: null } | { cents: null; error: string };

const AMOUNT = /^(\d{1,7})(?:[.,](\d{1,2}))?$/;

export function parseAmountCents(text: string): ParsedAmount {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(/(\$|CAD)$/i, '');
  if (!cleaned) return { cents: null, error: 'Entrez un montant.' };
  const match = AMOUNT.exec(cleaned);
  if (!match) return { cents: null, error: 'Entrez un montant en dollars, par exemple 12,50.' };
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents === 0) return { cents: null, error: 'Le montant doit être supérieur à 0.' };
  return { cents, error: null };
}
