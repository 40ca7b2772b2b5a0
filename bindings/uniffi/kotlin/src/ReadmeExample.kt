package example

import cobro.CobroException
import cobro.Experience
import cobro.MessageLocale
import cobro.RequestKind
import cobro.parsePayinResponse
import cobro.validate
import cobro.validateDocument

/** The problems of a pay-in form, in Spanish, by field path (nothing is sent yet). */
fun formErrors(json: String): Map<String, String> {
    val report = validate(RequestKind.PAYIN, json.toByteArray(), locale = MessageLocale.ES)
    return report.errors.associate { it.path to it.message }
}

/** What to show for a pay-in answer the merchant's server passed on to the app. */
fun describe(answer: ByteArray): String = try {
    when (val e = parsePayinResponse(answer).experience) {
        is Experience.Redirect -> "open ${e.url}"
        is Experience.Voucher -> "pay ${e.voucher.amount} with code ${e.voucher.paymentCode}"
        // On Android: BitmapFactory.decodeByteArray(e.qrPng, 0, e.qrPng.size)
        is Experience.Qr -> "show the ${e.qrPng.size}-byte QR image"
        is Experience.DeeplinkMethod -> "offer ${e.deepLinks.size} bank links"
        is Experience.WalletOneShot -> "open ${e.deepLinks.first().deepLink}"
        Experience.WalletOnFile -> "wait for the notification"
        Experience.Failed -> "not created"
    }
} catch (e: CobroException.Parse) {
    "unreadable answer: ${e.code} at ${e.path}"
}

/** A Peruvian RUC without separators, or null when it is not valid. */
fun ruc(input: String): String? = try {
    validateDocument("PE", "RUC", input).compact.value
} catch (e: CobroException.Document) {
    null
}
