// CSS imports become modules that register a shared sheet (build/vite-plugin-shadow-sheets.ts).
declare module "*.css" {
  const registered: Record<string, never>;
  export default registered;
}
