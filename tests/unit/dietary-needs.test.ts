// The seats' dietary needs (docs/decisions/0053) and the booking page's countdown (0052), pure.
import { describe, expect, it } from 'vitest';
import { matchingSubstitutions, needsFor, needsSummary } from '@shared/dietary';
import { countdownLabel, joinStage } from '@client/features/booking/countdown';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('dietary needs', () => {
  it('add up per need in the list’s order, seats counted: « 2 sans gluten, 1 végétalien »', () => {
    expect(needsSummary([{ needs: ['vegan', 'gluten_free'], note: '' }, { needs: ['gluten_free'], note: 'sésame' }, { needs: [], note: '' }])).toBe('2 sans gluten, 1 végétalien');
    expect(needsSummary([{ needs: [], note: 'rien' }])).toBe('');
  });

  it('keep one entry per seat, in order, the text trimmed', () => {
    expect(needsFor(3, [{ needs: ['vegan', 'nut_free'], note: ' noix de coco ' }])).toEqual([
      { needs: ['nut_free', 'vegan'], note: 'noix de coco' },
      { needs: [], note: '' },
      { needs: [], note: '' },
    ]);
    expect(needsFor(1, [{ needs: ['vegan'], note: '' }, { needs: ['gluten_free'], note: '' }])).toEqual([{ needs: ['vegan'], note: '' }]);
  });

  it('bring only the substitutions of the booking’s needs; a vegan seat gets the vegetarian ones too', () => {
    const subs = { gluten_free: 'Farine de riz', vegetarian: 'Tofu fumé', shellfish_free: ' ', egg_free: 'Graines de lin' };
    expect(matchingSubstitutions(subs, ['vegan']).map((s) => s.text)).toEqual(['Tofu fumé']);
    expect(matchingSubstitutions(subs, ['gluten_free', 'shellfish_free'])).toEqual([{ need: 'gluten_free', label: 'Sans gluten', text: 'Farine de riz' }]);
    expect(matchingSubstitutions(subs, [])).toEqual([]);
  });
});

describe('the booking page’s countdown', () => {
  it('reads days, hours and minutes far off, minutes and seconds within the hour, nothing once there', () => {
    expect(countdownLabel(2 * 24 * HOUR + 4 * HOUR + 12 * MINUTE)).toBe('2 j 4 h 12 min');
    expect(countdownLabel(3 * HOUR)).toBe('3 h 0 min');
    expect(countdownLabel(12 * MINUTE + 30_000)).toBe('12 min 30 s');
    expect(countdownLabel(0)).toBe('');
  });

  it('opens the join button at joinOpensAt and closes it at the end', () => {
    const opens = '2026-12-01T23:15:00.000Z';
    const ends = '2026-12-02T01:00:00.000Z';
    expect(joinStage(Date.parse(opens) - 1, opens, ends)).toBe('before');
    expect(joinStage(Date.parse(opens), opens, ends)).toBe('open');
    expect(joinStage(Date.parse(ends), opens, ends)).toBe('over');
  });
});
