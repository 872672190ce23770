import { describe, expect, it } from 'vitest';
import { findDurations, formatRemaining, formatTimerLength } from '@shared/recipes/durations';

const secondsIn = (step: string) => findDurations(step).map((d) => [d.text, d.minSeconds, d.maxSeconds]);

describe('findDurations', () => {
  it('finds minutes, hours and seconds in French steps', () => {
    expect(secondsIn('Laisser reposer 10 minutes avant de trancher.')).toEqual([['10 minutes', 600, 600]]);
    expect(secondsIn('Cuire 10 min.')).toEqual([['10 min', 600, 600]]);
    expect(secondsIn('Réfrigérer 1 heure.')).toEqual([['1 heure', 3600, 3600]]);
    expect(secondsIn('Cuire 1 minute, retourner et cuire encore 30 secondes.')).toEqual([
      ['1 minute', 60, 60],
      ['30 secondes', 30, 30],
    ]);
    expect(secondsIn('Fouetter 45 secondes.')).toEqual([['45 secondes', 45, 45]]);
    expect(secondsIn('Braiser une heure.')).toEqual([['une heure', 3600, 3600]]);
  });

  it('reads hours with minutes', () => {
    expect(secondsIn('Cuire 1 h 30 au four.')).toEqual([['1 h 30', 5400, 5400]]);
    expect(secondsIn('Cuire 1h30.')).toEqual([['1h30', 5400, 5400]]);
    expect(secondsIn('Couvrir et cuire au four 2 heures 30 minutes, jusqu’à tendreté.')).toEqual([['2 heures 30 minutes', 9000, 9000]]);
    expect(secondsIn('Mijoter 1 heure et demie.')).toEqual([['1 heure et demie', 5400, 5400]]);
  });

  it('reads ranges (the timer runs to the upper end)', () => {
    const [d] = findDurations('Gratiner 3 à 5 minutes, jusqu’à ce que le fromage soit doré.');
    expect(d).toMatchObject({ text: '3 à 5 minutes', minSeconds: 180, maxSeconds: 300, seconds: 300 });
    expect(secondsIn('Cuire de 20 à 25 min.')).toEqual([['de 20 à 25 min', 1200, 1500]]);
    expect(secondsIn('Cuire 5-10 minutes.')).toEqual([['5-10 minutes', 300, 600]]);
  });

  it('finds several in order, with their place in the step', () => {
    const step = 'Rôtir 50 minutes, jusqu’à tendreté. Laisser tiédir 10 minutes.';
    const found = findDurations(step);
    expect(found.map((d) => d.text)).toEqual(['50 minutes', '10 minutes']);
    expect(step.slice(found[1]!.index, found[1]!.index + found[1]!.text.length)).toBe('10 minutes');
  });

  it('ignores temperatures, sizes, quantities and words that start like a unit', () => {
    expect(findDurations('Préchauffer le four à 200 °C (400 °F).')).toEqual([]);
    expect(findDurations('Trancher en rondelles de 3 mm dans un plat de 20 x 20 cm.')).toEqual([]);
    expect(findDurations('Ajouter 2 c. à soupe de beurre et 1 sachet de levure.')).toEqual([]);
    expect(findDurations('Servir 4 minis burgers et 2 heureux convives.')).toEqual([]);
    expect(findDurations('Saler.')).toEqual([]);
  });
});

describe('formatting timers', () => {
  it('names a length', () => {
    expect(formatTimerLength(600)).toBe('10 min');
    expect(formatTimerLength(5400)).toBe('1\u00a0h\u00a030');
    expect(formatTimerLength(7200)).toBe('2\u00a0h');
    expect(formatTimerLength(45)).toBe('45 s');
    expect(formatTimerLength(90)).toBe('1 min 30 s');
  });

  it('shows what is left as a clock', () => {
    expect(formatRemaining(600)).toBe('10:00');
    expect(formatRemaining(59.2)).toBe('1:00');
    expect(formatRemaining(3725)).toBe('1:02:05');
    expect(formatRemaining(-3)).toBe('0:00');
  });
});
