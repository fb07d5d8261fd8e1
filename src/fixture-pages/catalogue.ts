/**
 * The fixture pages (fixtures/pages/*.html) by name: what each one is for, and the few facts about
 * its content that clauses rely on (names and hrefs the page really has). Suites and tests read
 * these instead of repeating paths and names; the pages themselves are plain HTML a person can open.
 */
export const FIXTURE_PAGES = {
  index: { path: "/index.html", about: "links to every fixture page" },
  form: { path: "/form.html", about: "a labelled sign-in form: email, password, checkbox, select, textarea, submit button" },
  buttons: { path: "/buttons.html", about: "buttons with an accessible name, with only an aria-label, with none, and two sharing one name" },
  links: { path: "/links.html", about: "two links sharing href and name (ambiguous), two sharing a name only, one unique link" },
  frames: { path: "/frames.html", about: "a same-origin iframe and a cross-origin iframe (the other loopback host name, same port)" },
  frameChild: { path: "/frame-child.html", about: "the document inside both iframes of frames.html" },
  frameRefs: {
    path: "/frame-refs.html",
    about: "a run of buttons, a textbox, a same-origin and a cross-origin iframe of frame-refs-child.html: the out-of-process frame's backendNodeIds repeat the page's",
  },
  frameRefsChild: { path: "/frame-refs-child.html", about: "the document inside both iframes of frame-refs.html: a run of buttons and a textbox" },
  tall: { path: "/tall.html", about: "a page taller than the viewport, with a button above and below the fold" },
  geolocation: { path: "/geolocation.html", about: "asks for the geolocation permission on load (?auto=0: only on click)" },
  dialog: { path: "/dialog.html", about: "opens a JavaScript dialog on load (?auto=0: only on click; ?kind=alert|confirm|prompt)" },
  navigates: { path: "/navigates.html", about: "navigates to /landed.html by itself after ?delay= ms (default 300)" },
  landed: { path: "/landed.html", about: "where navigates.html and the form go" },
  learnMore: { path: "/learn-more.html", about: "the target of the duplicate links" },
  about: { path: "/about.html", about: "the target of the unique link" },
  docsOne: { path: "/docs-one.html", about: "the target of the first 'Docs' link" },
  docsTwo: { path: "/docs-two.html", about: "the target of the second 'Docs' link" },
  files: { path: "/files.html", about: "a file input that prints the file it was given, and a link that downloads /landed.html as saved-page.html" },
  popup: { path: "/popup.html", about: "a target=_blank link that opens /landed.html in a new tab (a popup with an opener)" },
} as const;

export type FixturePageName = keyof typeof FIXTURE_PAGES;

/** The text of each page's <h1>: a snapshot that shows it has the page loaded. */
export const FIXTURE_HEADINGS: Partial<Record<FixturePageName, string>> = {
  index: "Fixture pages",
  form: "Sign in",
  buttons: "Buttons",
  links: "Links",
  frames: "Frames",
  frameRefs: "Frame refs",
  tall: "Tall page",
  geolocation: "Where are you?",
  dialog: "Dialog",
  navigates: "Navigates by itself",
  landed: "Landed",
  files: "Files",
  popup: "Popup opener",
};

/** Facts about the pages' content that clauses assert against (each one is in the HTML). */
export const FIXTURE_FACTS = {
  buttons: {
    named: "Continue",
    /** an icon button named only by aria-label */
    labelled: "Close",
    /** two buttons share this name: no role locator can identify either */
    duplicateName: "Delete",
    /** buttons without any accessible name (one of them has id="icon-only") */
    unnamedCount: 2,
  },
  links: {
    /** two links with this name and this href */
    duplicate: { name: "Learn more", path: "/learn-more.html" },
    /** two links share this name, each has its own href */
    sharedName: { name: "Docs", paths: ["/docs-one.html", "/docs-two.html"] },
    unique: { name: "About", path: "/about.html" },
  },
  frames: {
    outside: "Outside frame",
    /** the button inside each iframe */
    inside: "Inside frame",
    sameOriginTitle: "Same-origin frame",
    crossOriginTitle: "Cross-origin frame",
  },
  frameRefs: {
    /** the page's buttons are named `${top} 1` .. `${top} ${buttons}`, each frame's `${inFrame} 1` ..; one textbox each */
    top: "Top",
    inFrame: "Frame",
    buttons: 50,
    topField: "Top field",
    frameField: "Frame field",
    sameOriginTitle: "Same-origin refs frame",
    crossOriginTitle: "Cross-origin refs frame",
  },
  tall: { above: "Top button", below: "Bottom button", belowLink: "Bottom link" },
  form: { textboxes: ["Email", "Password", "Notes"], submit: "Sign in", checkbox: "Remember me", select: "Country" },
  files: {
    /** the file input's id, and what the page prints once it has a file */
    input: "attachment",
    chosen: (name: string, size: number) => `Chosen: ${name}, ${size} bytes`,
    /** the download link's id, and the file name it asks for */
    save: "save",
    savedAs: "saved-page.html",
    savedFrom: "/landed.html",
  },
  popup: {
    /** the target=_blank link's id, and the page it opens */
    link: "open-popup",
    opens: "/landed.html",
    /** the title of the page it opens, listed once the popup has loaded */
    opensTitle: "Landed",
  },
  prompts: {
    /**
     * The geolocation and dialog pages append this to their title right before they ask: a
     * listing that shows it proves the page has asked, so a clause waits a short grace for the
     * hand-off from then on instead of its whole bound.
     */
    askingTitleMark: "(asking)",
  },
} as const;
