import { sharedCopy } from "~/lib/copy";
import { BuilderErrorBoundary } from "~/ui/builder-parts";
import { LIBRARY_PATH } from "../template.schema";

/**
 * The workflow pages' error boundary: an unknown template type, template or library loop (another
 * company's too) is a 404 that says 'Workflow not found' (002 §2.4) with the way back.
 */
export function WorkflowNotFound() {
  return <BuilderErrorBoundary icon="workflows" title={sharedCopy.workflowNotFound} backTo={LIBRARY_PATH} backLabel={sharedCopy.backToLibrary} />;
}
