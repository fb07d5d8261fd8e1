import { defineClauses } from "./define.js";

const compat = { section: "Native API Compatibility Notes", anchor: "native-api-compatibility-notes" };

export const profileClauses = defineClauses("profiles", [
  { id: "profiles.list.shape", title: "listProfiles resolves {profiles:[{id, name, isDefault}]}", methods: ["listProfiles"], severity: "critical", features: ["profiles"] },
  { id: "profiles.list.unique-ids", title: "profile ids are unique, non-empty locators", methods: ["listProfiles"], features: ["profiles"] },
  { id: "profiles.list.one-default", title: "exactly one profile is the default", methods: ["listProfiles"], features: ["profiles"] },
  { id: "profiles.create.with-profile-id", title: "createTaskSpace(name, profile.id) creates the space in that profile", methods: ["createTaskSpace", "listTaskSpaces"], features: ["profiles", "task-space-listing-v2"] },
  { id: "profiles.create.default-omitted", title: "omitting profileId selects the default profile", methods: ["createTaskSpace", "listTaskSpaces"], features: ["profiles", "task-space-listing-v2"], doc: compat },
  { id: "profiles.create.default-empty", title: "an empty profileId selects the default profile", methods: ["createTaskSpace", "listTaskSpaces"], features: ["profiles", "task-space-listing-v2"], doc: compat },
  { id: "profiles.create.default-keyword", title: "profileId 'default' selects the default profile", methods: ["createTaskSpace", "listTaskSpaces"], features: ["profiles", "task-space-listing-v2"], doc: compat },
  { id: "profiles.create.not-found", title: "an unknown profileId resolves {error: 'Profile not found', error_code: EGO_PROFILE_NOT_FOUND}", methods: ["createTaskSpace"], severity: "critical", features: ["profiles", "error-codes"] },
  { id: "profiles.create.not-found-leaves-nothing", title: "a create that fails with EGO_PROFILE_NOT_FOUND leaves no space behind", methods: ["createTaskSpace", "listTaskSpaces"], severity: "critical", features: ["profiles", "task-space-listing-v2"] },
  { id: "profiles.create.name-is-not-locator", title: "a profile's display name is not accepted as a profileId", methods: ["createTaskSpace"], features: ["profiles", "error-codes"], doc: compat },
]);
