import {
  formatResourceScope,
  parseResourceScope,
  type ResourceScope,
  SPECIAL_SCOPES,
} from '@carepoint/contract';

/** What an app asks for, against what it was registered with. */
export interface ScopeRequest {
  requested: readonly string[];
  allowed: readonly string[];
}

/** Whether `allowed` covers `wanted`: same context, its type or every type, and at least its permissions. */
const covers = (allowed: ResourceScope, wanted: ResourceScope) =>
  allowed.context === wanted.context &&
  (allowed.resourceType === '*' || allowed.resourceType === wanted.resourceType) &&
  (allowed.read || !wanted.read) &&
  (allowed.search || !wanted.search);

/**
 * The scopes an app gets: each requested scope the registration covers, resource scopes in SMART v2
 * form (`.read` becomes `.rs`), each once. A scope it may not have, or one this server does not know,
 * is left out, as OAuth lets a server grant less than asked (the token answer names what was granted).
 */
export function grantableScopes({ requested, allowed }: ScopeRequest): string[] {
  const allowedResources = allowed.map(parseResourceScope).filter((s): s is ResourceScope => s !== null);
  const granted = new Set<string>();
  for (const scope of requested) {
    if (scope in SPECIAL_SCOPES) {
      if (allowed.includes(scope)) granted.add(scope);
      continue;
    }
    const parsed = parseResourceScope(scope);
    if (parsed && allowedResources.some((a) => covers(a, parsed))) granted.add(formatResourceScope(parsed));
  }
  return [...granted];
}

/** The scope parameter as its list (space-separated, RFC 6749 §3.3). */
export const splitScope = (scope: string | undefined) => (scope ?? '').split(' ').filter((s) => s !== '');

export const resourceScopes = (scopes: readonly string[]) =>
  scopes.map(parseResourceScope).filter((s): s is ResourceScope => s !== null);

export type FhirInteraction = 'read' | 'search';

/** The resource scopes that allow one interaction on one resource type. */
export const scopesAllowing = (
  scopes: readonly ResourceScope[],
  resourceType: string,
  interaction: FhirInteraction,
) =>
  scopes.filter(
    (s) =>
      (s.resourceType === '*' || s.resourceType === resourceType) &&
      (interaction === 'read' ? s.read : s.search),
  );

/** Whether a grant needs a patient in context: it has patient/ scopes. */
export const needsPatient = (scopes: readonly string[]) =>
  resourceScopes(scopes).some((s) => s.context === 'patient');
