// Platform-bound, as upstream's macOS-only cases: it cannot pass on Linux, so CI leaves it out of
// the allow-list.
if (process.platform !== "darwin") throw new Error(`needs macOS, runs on ${process.platform}`);
console.log("CASE OK");
