// rfi-service.ts: stands for your service, which answers RFI questions through the client and sends no Prefer
import { createPaymentsConnectClient, type RetryPolicy, rfiConflictVariant } from '@payments-connect/client';

export interface RfiServiceConfig {
  baseUrl: string; // the mock's URL in tests, the real server's in production
  clientId: string;
  clientSecret: string;
  accountId: string;
  retry?: RetryPolicy;
}

export function createRfiService(config: RfiServiceConfig) {
  const client = createPaymentsConnectClient(config);
  return {
    // A 5xx is retried by the client; a 409 never is: the case is not open, or the question is approved.
    async answerQuestion(rfiId: string, questionId: string, answer: string) {
      const { error, response } = await client.PUT('/v1/rfi/{rfiId}/questions/{questionId}/answer', {
        params: { path: { rfiId, questionId } },
        body: { answer },
      });
      if (response.ok) return 'answered';
      const conflict = rfiConflictVariant(error);
      if (conflict === 'RFI_NOT_OPEN') return 'case-not-open';
      if (conflict === 'RFI_ITEM_ALREADY_APPROVED') return 'already-approved';
      return 'failed';
    },
  };
}
