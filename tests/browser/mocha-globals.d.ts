// Web Test Runner runs browser tests with Mocha's BDD globals.
declare function describe(title: string, body: () => void): void;
declare function it(title: string, test: () => void | Promise<unknown>): void;
declare function before(hook: () => void | Promise<unknown>): void;
declare function after(hook: () => void | Promise<unknown>): void;
declare function beforeEach(hook: () => void | Promise<unknown>): void;
declare function afterEach(hook: () => void | Promise<unknown>): void;
