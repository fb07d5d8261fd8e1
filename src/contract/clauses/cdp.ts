import { defineClauses } from "./define.js";

export const cdpClauses = defineClauses("cdp", [
  { id: "cdp.send.returns-undefined", title: "sendCDPMessage returns undefined synchronously", methods: ["sendCDPMessage"], severity: "critical" },
  { id: "cdp.callbacks.non-function-clears", title: "assigning a non-function to onSendCDPMessageError clears the callback", methods: ["sendCDPMessage"] },
  { id: "cdp.send.missing-space", title: "a send on a selected space that no longer exists is not sent and reports an error_code through the callback", methods: ["sendCDPMessage"], features: ["error-codes"] },
]);
