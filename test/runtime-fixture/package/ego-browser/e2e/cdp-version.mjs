// The CDP channel of a selected space answers with the page's browser version.
const made = await ego.createTaskSpace("runtime-fixture-cdp");
ego.useTaskSpace(made.id);
await ego.createTab("about:blank");
const answer = await new Promise((resolve, reject) => {
  ego.onCDPMessage = (text) => resolve(JSON.parse(text));
  ego.onSendCDPMessageError = (message) => reject(new Error(message));
  ego.sendCDPMessage(JSON.stringify({ id: 1, method: "Browser.getVersion" }));
});
if (!answer.result?.product) throw new Error(`no product: ${JSON.stringify(answer)}`);
await ego.closeTaskSpace();
console.log("CASE OK");
