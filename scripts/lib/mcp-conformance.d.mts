export const APPLIES: Record<string, Record<string, string>>;
export const FIXTURE_ONLY: string;
export interface CheckVerdict {
  id: string;
  verdict: string;
  why?: string;
}
export function runConformance(baseUrl: string): Promise<{
  results: { run: string; scenario: string; checks: CheckVerdict[] }[];
  failures: string[];
}>;
