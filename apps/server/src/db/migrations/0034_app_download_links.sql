-- Issue 16 item 7: the app-download QR codes and links open the site's install page. Only the
-- made-up seed links are replaced; a merchant's own store links stay as they are.
UPDATE "merchant_resources" SET "value" = '/app?platform=ios' WHERE "key" = 'appDownloadIos' AND "value" = 'https://kismat.example/app/ios';--> statement-breakpoint
UPDATE "merchant_resources" SET "value" = '/app?platform=android' WHERE "key" = 'appDownloadAndroid' AND "value" = 'https://kismat.example/app/kismat.apk';
