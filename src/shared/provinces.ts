// Where a buyer lives decides the sales taxes (research/canada-sales-tax.md §2). 'XX' is outside Canada.

export const PROVINCES = [
  { code: 'QC', name: 'Québec' },
  { code: 'ON', name: 'Ontario' },
  { code: 'NB', name: 'Nouveau-Brunswick' },
  { code: 'NS', name: 'Nouvelle-Écosse' },
  { code: 'PE', name: 'Île-du-Prince-Édouard' },
  { code: 'NL', name: 'Terre-Neuve-et-Labrador' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'Colombie-Britannique' },
  { code: 'YT', name: 'Yukon' },
  { code: 'NT', name: 'Territoires du Nord-Ouest' },
  { code: 'NU', name: 'Nunavut' },
  { code: 'XX', name: "À l'extérieur du Canada" },
] as const;

export type ProvinceCode = (typeof PROVINCES)[number]['code'];

export const PROVINCE_CODES = PROVINCES.map((p) => p.code) as [ProvinceCode, ...ProvinceCode[]];

export function provinceName(code: string | null | undefined): string | null {
  return PROVINCES.find((p) => p.code === code)?.name ?? null;
}
