// Code under test: a small helper of the kind a runtime builds on `globalThis.ego` (plain JS).
// It reuses the space named `name` if the agent owns it, claims it if the user owns it, or
// creates it; selects it; and opens `url` in it. A user in control is reported, not retried.

/** @returns {Promise<{ id: number, tab: unknown } | { blocked: string }>} */
export async function openInTaskSpace(name, url) {
  const ego = globalThis.ego;
  const listing = await ego.listTaskSpaces();
  if (listing.error) throw new Error(`listTaskSpaces failed: ${listing.error_code ?? listing.error}`);
  const existing = listing.taskSpaces.find((s) => s.name === name);
  let id;
  if (existing === undefined) {
    const created = await ego.createTaskSpace(name);
    if (created.error) throw new Error(`createTaskSpace failed: ${created.error_code ?? created.error}`);
    id = created.id;
  } else if (existing.ownership === "user") {
    const claimed = await ego.claimTaskSpace(existing.id);
    if (claimed.error) throw new Error(`claimTaskSpace failed: ${claimed.error_code ?? claimed.error}`);
    id = existing.id;
  } else {
    id = existing.id;
  }
  ego.useTaskSpace(id);
  const tab = await ego.createTab(url);
  if (tab.error_code === "EGO_TASK_SPACE_USER_IN_CONTROL") return { blocked: tab.error };
  if (tab.error) throw new Error(`createTab failed: ${tab.error_code ?? tab.error}`);
  return { id, tab };
}
