import { describe, expect, it } from 'vitest';
import { loadSpec } from '../src/loadSpec.js';

// The /yield/* contract in the OpenAPI document: every whole number is typed `integer`; the only `number`s are the
// provider-style figures listed here (percentages, USD figures, score terms), and every string input has a maxLength.
const FRACTIONAL = new Set([
  'YieldPredictionDto.predictedProbability',
  'YieldOpportunityDto.tvlUsd',
  'YieldOpportunityDto.apy',
  'YieldOpportunityDto.apyBase',
  'YieldOpportunityDto.apyReward',
  'YieldOpportunityDto.apyMean30d',
  'YieldOpportunityDto.apyPct1D',
  'YieldOpportunityDto.apyPct7D',
  'YieldOpportunityDto.apyPct30D',
  'YieldOpportunityDto.sigma',
  'YieldRankSettingsDto.minTvlUsd',
  'YieldScoreComponentsDto.base',
  'YieldScoreComponentsDto.reward',
  'YieldScoreComponentsDto.rewardShare',
  'YieldScoreComponentsDto.rewardCounted',
  'YieldScoreComponentsDto.spikePenalty',
  'YieldScoreComponentsDto.volatilityPenalty',
  'YieldScoreComponentsDto.confidencePenalty',
  'YieldScoreComponentsDto.confidenceFactor',
  'YieldScoreComponentsDto.ilPenalty',
  'YieldScoredOpportunityDto.score',
  // POST /yield/compound answers a held deposit with its confirmation: the safety verdict's taxes are percentages.
  'HeldSafetyDto.buyTax',
  'HeldSafetyDto.sellTax',
  'query.minApy',
  'query.minTvl',
]);

type Schema = Record<string, unknown>;
const spec = loadSpec() as {
  paths: Record<string, Record<string, { parameters?: Schema[]; responses: Record<string, Schema> }>>;
  components: { schemas: Record<string, Schema> };
};

/** Every `type: number|integer` under the /yield operations, named `Schema.property` (or `query.name`). */
function yieldNumbers(): { name: string; type: string }[] {
  const found: { name: string; type: string }[] = [];
  const seen = new Set<string>();
  const visit = (node: unknown, name: string): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n, name);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const s = node as Schema;
    if (typeof s['$ref'] === 'string') {
      const ref = (s['$ref'] as string).replace('#/components/schemas/', '');
      if (!seen.has(ref)) {
        seen.add(ref);
        visit(spec.components.schemas[ref], ref);
      }
      return;
    }
    if (s['type'] === 'number' || s['type'] === 'integer') found.push({ name, type: s['type'] as string });
    if (typeof s['properties'] === 'object' && s['properties'] !== null) {
      const base = name.split('.')[0] as string;
      for (const [key, value] of Object.entries(s['properties'] as Schema)) visit(value, `${base}.${key}`);
    }
    for (const [key, value] of Object.entries(s)) if (key !== 'properties') visit(value, name);
  };
  for (const [path, item] of Object.entries(spec.paths)) {
    if (!path.startsWith('/yield')) continue;
    for (const operation of Object.values(item)) {
      for (const p of operation.parameters ?? []) visit(p['schema'], `query.${p['name'] as string}`);
      for (const response of Object.values(operation.responses)) visit(response, 'response');
    }
  }
  return found;
}

describe('OpenAPI: /yield/*', () => {
  it('has the four read operations and compound', () => {
    expect(
      Object.keys(spec.paths)
        .filter((p) => p.startsWith('/yield'))
        .sort(),
    ).toEqual([
      '/yield/best',
      '/yield/compare',
      '/yield/compound',
      '/yield/opportunities',
      '/yield/portfolio',
    ]);
    expect(Object.keys(spec.paths['/yield/compound'] ?? {})).toEqual(['post']);
  });

  it('types every whole number as integer: the only numbers are the listed provider figures', () => {
    const numbers = yieldNumbers();
    expect(numbers.length).toBeGreaterThan(40);
    const fractional = numbers.filter((n) => n.type === 'number').map((n) => n.name);
    expect(fractional.filter((name) => !FRACTIONAL.has(name))).toEqual([]);
    // …and each listed figure is still there (a renamed field must not leave a stale exemption behind).
    expect([...FRACTIONAL].filter((name) => !fractional.includes(name))).toEqual([]);
    for (const whole of [
      'YieldOpportunityDto.historyDays',
      'YieldOpportunityDto.dataAgeSeconds',
      'YieldPredictionDto.binnedConfidence',
      'YieldVaultDetailsDto.blockNumber',
      'YieldPositionDto.exitFeeBps',
      'YieldBestDto.considered',
      'query.limit',
    ]) {
      expect(numbers.find((n) => n.name === whole)?.type).toBe('integer');
    }
  });

  it('declares a maxLength on every string input', () => {
    for (const [path, item] of Object.entries(spec.paths)) {
      if (!path.startsWith('/yield')) continue;
      for (const operation of Object.values(item)) {
        for (const p of operation.parameters ?? []) {
          const schema = p['schema'] as Schema;
          if (schema['type'] === 'string')
            expect({ path, name: p['name'], maxLength: schema['maxLength'] }).toMatchObject({
              maxLength: expect.any(Number),
            });
        }
      }
    }
  });
});
