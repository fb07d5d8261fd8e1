// Types of the plain-JS example helper, for the TypeScript self-test that runs it.
export function openInTaskSpace(name: string, url: string): Promise<{ id: number; tab: unknown } | { blocked: string }>;
