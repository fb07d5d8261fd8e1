/**
 * Profiles the fake browser offers (native-bindings-api.md, "Profiles"). `id` is the only
 * locator; `name` is display text and may repeat; exactly one profile is the default.
 */
export interface ProfileSpec {
  readonly id: string;
  readonly name: string;
  readonly isDefault: boolean;
}

export const DEFAULT_PROFILES: readonly ProfileSpec[] = Object.freeze([
  Object.freeze({ id: "Default", name: "Personal", isDefault: true }),
  Object.freeze({ id: "Profile 2", name: "Work", isDefault: false }),
]);

/**
 * The profiles of the allowed deviation ids-other-values: the default is not called `Default`
 * (the reference: `id` is the only locator, `isDefault` marks the profile chosen when profileId
 * is omitted; its examples `Default`, `Profile 2` are examples).
 */
export const OTHER_PROFILES: readonly ProfileSpec[] = Object.freeze([
  Object.freeze({ id: "Profile 4", name: "Work", isDefault: false }),
  Object.freeze({ id: "Profile 9", name: "Personal", isDefault: true }),
]);

/** The profileId values that select the default profile: omitted, "" and "default" (compatibility notes). */
export const DEFAULT_PROFILE_KEYWORD = "default";

export class ProfileRegistry {
  private readonly profiles: readonly ProfileSpec[];
  readonly defaultProfile: ProfileSpec;

  constructor(profiles: readonly ProfileSpec[] = DEFAULT_PROFILES) {
    if (profiles.length === 0) throw new Error("the fake browser needs at least one profile");
    const ids = new Set<string>();
    for (const p of profiles) {
      if (typeof p.id !== "string" || p.id === "") throw new Error("a profile id must be a non-empty string");
      if (ids.has(p.id)) throw new Error(`duplicate profile id '${p.id}'`);
      ids.add(p.id);
    }
    const defaults = profiles.filter((p) => p.isDefault);
    if (defaults.length !== 1) throw new Error(`exactly one profile must be the default (got ${defaults.length})`);
    this.profiles = profiles.map((p) => Object.freeze({ id: p.id, name: p.name, isDefault: p.isDefault }));
    this.defaultProfile = this.profiles.find((p) => p.isDefault)!;
  }

  list(): ProfileSpec[] {
    return this.profiles.map((p) => ({ ...p }));
  }

  byId(id: string): ProfileSpec | undefined {
    return this.profiles.find((p) => p.id === id);
  }

  /**
   * The profile a createTaskSpace(name, profileId?) call selects. Omitted, "" and "default"
   * mean the default profile (the keyword wins over a profile whose id is literally "default").
   * Anything else must be an exact id: a display name is not a locator.
   */
  resolve(profileId: string | undefined): ProfileSpec | undefined {
    if (profileId === undefined || profileId === "" || profileId === DEFAULT_PROFILE_KEYWORD) return this.defaultProfile;
    return this.byId(profileId);
  }
}
