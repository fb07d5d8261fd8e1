// A real page in a task space: open it, read it through a snapshot, close the space.
const made = await ego.createTaskSpace("runtime-fixture");
if (made.error) throw new Error(made.error);
ego.useTaskSpace(made.id);
const tab = await ego.createTab("data:text/html,<title>fixture</title><button>Press me</button>");
if (tab.error) throw new Error(tab.error);
const snap = await ego.snapshot();
if (!String(snap.content).includes("Press me")) throw new Error(`snapshot without the button: ${snap.content}`);
const closed = await ego.closeTaskSpace();
if (typeof closed !== "string") throw new Error(`closeTaskSpace: ${JSON.stringify(closed)}`);
console.log("CASE OK");
