import { Outlet, useParams } from "react-router";
import { RealmScope } from "../../core/runtime/realm-scope.tsx";

/** Scopes everything under `/:realm` to that realm (who-am-I, access, texts). */
export function RealmRoute({ locale, host }: { locale?: string; host: HTMLElement }) {
  const { realm = "" } = useParams();
  return (
    <RealmScope key={realm} realm={realm} locale={locale} host={host}>
      <Outlet />
    </RealmScope>
  );
}
