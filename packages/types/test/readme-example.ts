// get-rfi-case.ts: your own fetch code, typed by the contract
import type { ErrorEnvelope, operations, RfiCase } from '@payments-connect/types';

type RfiCaseHeaders = operations['getRfiCase']['parameters']['header']; // { AccountId: string }

export async function getRfiCase(baseUrl: string, token: string, header: RfiCaseHeaders, rfiId: string) {
  const response = await fetch(`${baseUrl}/v1/rfi/${rfiId}`, {
    headers: { ...header, Authorization: `Bearer ${token}` },
  });
  if (!response.ok) {
    const envelope = (await response.json()) as ErrorEnvelope;
    throw new Error(`HTTP ${response.status} ${envelope.code}: ${envelope.message}`);
  }
  return (await response.json()) as RfiCase;
}
