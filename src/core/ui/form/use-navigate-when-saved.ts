import { useEffect, useState } from "react";
import { useNavigate } from "react-router";

/**
 * For create forms: `navigateSaved(to)` leaves for the created thing one render later, once `saved`
 * has turned the form's UnsavedChangesGuard off (navigating at once would be held as unsaved).
 */
export function useNavigateWhenSaved(): { saved: boolean; navigateSaved(to: string): void } {
  const navigate = useNavigate();
  const [target, setTarget] = useState<string>();
  useEffect(() => {
    if (target !== undefined) navigate(target);
  }, [navigate, target]);
  return { saved: target !== undefined, navigateSaved: setTarget };
}
