/**
 * A request as the client's transport receives it from openapi-fetch, which copies the keys of a call's init that
 * a Request lacks onto it (our `timeoutMs`). `abortable` is false when the call has no signal, its own or the
 * client's. A middleware that returns a new Request drops both: the client's timeout applies then, and the
 * request's signal is followed as if it could abort.
 */
export type CallRequest = Request & { timeoutMs?: number; abortable?: boolean };

/**
 * The `Request` that openapi-fetch builds each call with: a plain Request, noted `abortable: false` when the call
 * has no signal. An attempt then skips following a signal that can never abort: that listener would be the
 * dearest part of an attempt. The prototype is Request's, so openapi-fetch's `instanceof Request` checks of what
 * middleware returns hold as before. Made per client, so that importing the module runs nothing.
 */
export function createCallRequestConstructor(): typeof Request {
  function CallRequest(input: string, init: RequestInit): CallRequest {
    const request: CallRequest = new Request(input, init);
    request.abortable = !!init.signal;
    return request;
  }
  CallRequest.prototype = Request.prototype;
  return CallRequest as unknown as typeof Request;
}
