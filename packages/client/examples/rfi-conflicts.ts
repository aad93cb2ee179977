// examples/rfi-conflicts.ts
import { createPaymentsConnectClient, rfiConflictVariant } from '@payments-connect/client';

const client = createPaymentsConnectClient({
  clientId: process.env.PAYMENTS_CONNECT_CLIENT_ID!,
  clientSecret: process.env.PAYMENTS_CONNECT_CLIENT_SECRET!,
  accountId: process.env.PAYMENTS_CONNECT_ACCOUNT_ID!,
});

/** Answers one question; says what to do when the case or the item no longer takes answers. */
export async function answerQuestion(rfiId: string, questionId: string, answer: string) {
  const { error, response } = await client.PUT('/v1/rfi/{rfiId}/questions/{questionId}/answer', {
    params: { path: { rfiId, questionId } },
    body: { answer },
  });
  if (!error) return 'answered';
  switch (rfiConflictVariant(error)) {
    case 'RFI_NOT_OPEN':
      return 'case closed or cancelled: stop polling it'; // fetch the case to confirm its status
    case 'RFI_ITEM_ALREADY_APPROVED':
      return 'already approved: skip this question';
    default:
      // 400 VALIDATION_FAILED, 404 NOT_FOUND (check the ids and AccountId), or a code v1.0 does not list
      throw new Error(`HTTP ${response.status} ${error.code}: ${error.message}`);
  }
}
