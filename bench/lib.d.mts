// Types for the benchmarks' shared module, for the TypeScript benchmarks that start the built app.
export declare function startApp(extraEnv?: Record<string, string>): Promise<{ url: string; stop: () => Promise<void>; pid: number | undefined; dataDir: string }>;
