/** A BrowserPort (../binding/port.ts) with one invocation's infrastructure faults in front of it. */
import { fail } from "../app/failures.js";
import type { BrowserPort } from "../binding/port.js";
import type { InvocationFaults } from "./inject.js";
import { orderedAnswers } from "./ordered-answers.js";

export function faultyPort(inner: BrowserPort, invocation: InvocationFaults): BrowserPort {
  const answers = orderedAnswers({ unref: true });
  return {
    behaviour: inner.behaviour,
    send(request, deliver) {
      const fault = invocation.nextCall({ cdp: request.kind === "cdp" });
      answers.push(fault, (done) => {
        if (fault.effect.kind !== "none" && fault.effect.kind !== "never-settles") {
          const failure = fault.effect.failure;
          setImmediate(() => {
            deliver({ outcome: fail(failure) });
            done();
          });
          return;
        }
        inner.send(request, (response) => {
          deliver(response);
          done();
        });
      });
    },
    ...(inner.sendSync ? { sendSync: inner.sendSync } : {}),
    // CDP events of a real browser pass through untouched (faults act on calls)
    ...(inner.onCdpEvent ? { onCdpEvent: (listener: (text: string) => void) => inner.onCdpEvent!(listener) } : {}),
  };
}
