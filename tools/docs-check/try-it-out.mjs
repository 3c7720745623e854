// Uses the documentation page as a person would: authorize with an API key, open listPets, "Try it out",
// "Execute", and read the status the page shows. Usage: node try-it-out.mjs BASE_URL API_KEY SCREENSHOT
// Prints the status; exits 1 when it is not 200. Chromium is Debian's (/usr/bin/chromium).
import { chromium } from "playwright-core";

const [base, key, screenshot] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
  await page.goto(`${base}/swagger-ui/`);
  await page.click("button.authorize");
  await page.fill(".auth-container input", key);
  await page.click(".auth-btn-wrapper button.authorize");
  await page.click("button.btn-done");
  await page.click("#operations-pets-listPets .opblock-summary");
  await page.click("#operations-pets-listPets button.try-out__btn");
  await page.click("#operations-pets-listPets button.execute");
  const status = page.locator("#operations-pets-listPets .live-responses-table tbody .response-col_status").first();
  await status.waitFor({ timeout: 15000 });
  const answered = (await status.innerText()).trim();
  const url = (await page.locator("#operations-pets-listPets .request-url pre").first().innerText()).trim();
  await page.screenshot({ path: screenshot, fullPage: false });
  console.log(`${answered} ${url}`);
  process.exitCode = answered.startsWith("200") ? 0 : 1;
} finally {
  await browser.close();
}
