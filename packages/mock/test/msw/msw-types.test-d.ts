// Type-checked by `pnpm typecheck` (tsc), not run: the overrides and fixtures of @payments-connect/mock/msw are typed
// from the generated types, so that the compiler refuses an answer or a record the contract does not have.

import { createHandlers, fixtures, type Override, type Overrides } from '@payments-connect/mock/msw';
import type { RfiCase, RfiQuestion } from '@payments-connect/types';
import type { HttpHandler } from 'msw';

const rfiId = 'd3b07384-d9a0-4c3b-9f6e-2b2d1a6f1e11';

// A fixture is the record of its example's status, its overrides the record's properties.
export const closed: RfiCase = fixtures.getRfiCase.closedCase({ rfiId });
export const answered: RfiQuestion = fixtures.answerRfiQuestion.answered();
// @ts-expect-error an RFI case has no numeric rfiId
export const wrongType = fixtures.getRfiCase.closedCase({ rfiId: 42 });
// @ts-expect-error getRfiCase has no example named closedCas
export const noSuchExample = fixtures.getRfiCase.closedCas;

export const overrides: Overrides = {
  // The params, query and body are the operation's; the answer a documented status with its body.
  getRfiCase: ({ params }) => ({ status: 200, body: fixtures.getRfiCase.closedCase({ rfiId: params.rfiId }) }),
  answerRfiQuestion: ({ params, body }) =>
    body.answer === ''
      ? { status: 409, body: fixtures.answerRfiQuestion.rfiNotOpen() }
      : { status: 200, body: { ...fixtures.answerRfiQuestion.answered(), questionId: params.questionId } },
  listRfiCases: ({ query }) => (query.includeTerminal ? undefined : { status: 200, body: { items: [] } }),
};

const question = fixtures.answerRfiQuestion.answered();
// @ts-expect-error a getRfiCase 200 is an RFI case, not a question
export const wrongAnswer: Override<'getRfiCase'> = () => ({ status: 200, body: question });

// @ts-expect-error getRfiCase documents no 409
export const undocumentedStatus: Override<'getRfiCase'> = () => ({
  status: 409,
  body: fixtures.answerRfiQuestion.rfiNotOpen(),
});

export const unknownOperation: Overrides = {
  // @ts-expect-error the contract has no operation getRfiCas
  getRfiCas: () => undefined,
};

export const unknownParam: Override<'getRfiCase'> = ({ params }) => ({
  status: 404,
  // @ts-expect-error getRfiCase has no path parameter questionId
  body: { code: 'NOT_FOUND', message: params.questionId },
});

// The handlers' override is typed alike, and so are their journal and answers.
const mock = createHandlers({
  baseUrl: 'https://api.payments-connect.test',
  answers: { getRfiCase: 'example=closedCase' },
});
export const handlers: HttpHandler[] = mock.handlers;
export const closedOverride: HttpHandler = mock.override('getRfiCase', ({ params }) => ({
  status: 200,
  body: fixtures.getRfiCase.closedCase({ rfiId: params.rfiId }),
}));
// @ts-expect-error a getRfiCase 200 is an RFI case: an override with a wrong answer type does not compile
export const wrongOverride = mock.override('getRfiCase', () => ({ status: 200, body: question }));
// @ts-expect-error the contract has no operation getRfiCas
export const unknownOverride = mock.override('getRfiCas', () => undefined);
export const statuses: number[] = mock.requests({ operationId: 'getRfiCase' }).map((entry) => entry.status);
export const configured: { status: number; example: string | null } = mock.setAnswer('getRfiCase', 'code=404');
